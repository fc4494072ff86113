// VipsShim: fixed-argument C functions over libvips' variadic API, which Swift cannot call.
//
// Conventions:
// - Functions returning `int` answer 0 on success and -1 on failure; the reason is then in the
//   libvips error buffer (`dbv_error_take`).
// - Every `DbvImage *` handed out is a new reference: release it with `dbv_unref`.
// - Every buffer handed out (`void **buf`, `char *`) is owned by the caller: release it with
//   `dbv_free`.
// - Images made from a buffer (`dbv_load_buffer`) do not copy it: the buffer must outlive the
//   image and everything made from it.
//
// The header deliberately does not include <vips/vips.h>, so Swift sees a small API with an
// opaque image type instead of all of libvips and GLib.
#ifndef DAYBOOK_VIPS_SHIM_H
#define DAYBOOK_VIPS_SHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// libvips' image object, opaque here.
typedef struct _VipsImage DbvImage;

// MARK: Set-up

/// Starts libvips once per process (later calls do nothing and answer 0). Also bounds memory:
/// no operation cache, and at most 1 worker thread per pipeline until `dbv_set_concurrency`.
int dbv_init(void);
/// Gives the memory an image's processing freed back to the system (glibc's `malloc_trim`), so a
/// burst of uploads does not leave the server holding its peak. Cheap next to decoding a photo.
void dbv_release_memory(void);
/// Worker threads per pipeline (libvips' own concurrency). 1–2 keeps memory bounded when the
/// caller runs several pipelines at once.
void dbv_set_concurrency(int threads);
/// Allows only the JPEG, PNG, WebP and HEIF loaders in this process, and blocks every loader
/// libvips marks untrusted. Answers 0.
int dbv_restrict_loaders(void);
/// The libvips version, e.g. "8.14.1". Static storage: do not free.
const char *dbv_version(void);

// MARK: Errors

/// The libvips error buffer as it is now (shared by all threads). Do not free.
const char *dbv_error(void);
void dbv_error_clear(void);
/// A copy of the error buffer, which is then cleared; free with `dbv_free`. Never NULL.
char *dbv_error_take(void);

// MARK: Memory

void dbv_unref(void *object);
void dbv_free(void *buffer);

// MARK: Loading

/// Reads the header only (pixels are decoded later, when something asks for them): width, height
/// and metadata are then known without decoding. `fail_on`: 0 none, 1 truncated, 2 error,
/// 3 warning. Returns NULL on failure.
DbvImage *dbv_load_buffer(const void *buf, size_t len, int access_sequential, int fail_on);
/// Renders an SVG document at `scale` (1 = its own size) through librsvg. For the server's own
/// charts only: `dbv_load_buffer` refuses SVG, so nothing a client sends reaches this loader.
DbvImage *dbv_load_svg(const void *buf, size_t len, double scale);
int dbv_width(const DbvImage *image);
int dbv_height(const DbvImage *image);
int dbv_bands(const DbvImage *image);
/// EXIF orientation 1–8 (1 when absent).
int dbv_orientation(DbvImage *image);
/// Number of pages (frames) the file holds; 1 for still images.
int dbv_n_pages(DbvImage *image);
/// Whether the image carries an ICC profile.
int dbv_has_icc_profile(DbvImage *image);
/// Whether the image is CMYK.
int dbv_is_cmyk(const DbvImage *image);

// MARK: Processing

/// Rotates/flips upright by the EXIF orientation and removes the orientation tag.
int dbv_autorot(DbvImage *in, DbvImage **out);
/// Resizes an image already in memory to fit `width`×`height`, never enlarging it. With
/// `crop_centre`, fills the box and crops the middle instead.
int dbv_thumbnail_image(DbvImage *in, DbvImage **out, int width, int height, int crop_centre);
/// The same from an encoded buffer, using the decoder's shrink-on-load (much faster for JPEG and
/// WebP), rotating upright by EXIF. Decodes the whole file: a truncated or corrupt file fails
/// when `fail_on` ≥ 1. With `to_srgb`, converts through the embedded ICC profile (or a CMYK
/// fallback) to sRGB.
int dbv_thumbnail_buffer(
    const void *buf, size_t len, DbvImage **out, int width, int height, int crop_centre, int fail_on, int to_srgb);
/// Cuts out a rectangle (`vips_extract_area`).
int dbv_crop(DbvImage *in, DbvImage **out, int left, int top, int width, int height);
/// Converts to 8-bit sRGB (keeping an alpha band), the form every derivative is saved in.
int dbv_to_srgb8(DbvImage *in, DbvImage **out);
/// Renders the whole image into memory, so that several outputs can be made from it cheaply.
int dbv_copy_memory(DbvImage *in, DbvImage **out);
/// The pixels, band-interleaved, row by row (`vips_image_write_to_memory`); free with `dbv_free`.
int dbv_pixels(DbvImage *in, void **buf, size_t *len);

// MARK: Saving
//
// Note: libvips 8.14's WebP saver writes an EXIF chunk even with `strip` set; callers that must
// publish no metadata filter the container afterwards (DaybookMedia's `WebPContainer`).

/// WebP at `quality` (1–100); with `strip`, no metadata at all (EXIF, XMP, ICC).
int dbv_save_webp_buffer(DbvImage *in, void **buf, size_t *len, int quality, int strip);
/// JPEG at `quality` (1–100), progressive off; with `strip`, no metadata at all.
int dbv_save_jpeg_buffer(DbvImage *in, void **buf, size_t *len, int quality, int strip);
/// PNG (compression 0–9); with `strip`, no metadata at all.
int dbv_save_png_buffer(DbvImage *in, void **buf, size_t *len, int compression, int strip);
/// HEIF with HEVC (`av1` = 0, a .heic) or AV1 (`av1` = 1, an .avif); `effort` 0 (fast) – 9. Fails
/// when libheif has no encoder for it.
int dbv_save_heif_buffer(DbvImage *in, void **buf, size_t *len, int quality, int av1, int effort, int strip);
/// Whether this libvips can save WebP / HEIC.
int dbv_can_save_webp(void);
int dbv_can_save_heic(void);

// MARK: Metadata (for tests and diagnostics)

/// Whether a metadata field exists, e.g. "exif-data", "xmp-data", "icc-profile-data",
/// "exif-ifd3-GPSLatitude".
int dbv_has_field(DbvImage *image, const char *name);
/// All field names, newline-separated; free with `dbv_free`.
char *dbv_field_names(DbvImage *image);
void dbv_set_int(DbvImage *image, const char *name, int value);
void dbv_set_string(DbvImage *image, const char *name, const char *value);
void dbv_set_blob(DbvImage *image, const char *name, const void *data, size_t len);
/// A field as text (as `vipsheader -f` shows it); free with `dbv_free`. NULL when absent.
char *dbv_get_as_string(DbvImage *image, const char *name);

// MARK: Making images (for tests and benchmarks)

/// A `width`×`height` image with `bands` (1, 3 or 4) 8-bit bands. `texture` 0: black; 1: a
/// gradient under per-pixel Gaussian noise (the worst case for a codec: nothing to predict);
/// 2: the gradient under blurred, stronger noise, a grain that compresses about like a phone's
/// photo (a 12 MP HEIC at libheif's default quality comes out near 2 MB, as an iPhone's does).
int dbv_make_image(DbvImage **out, int width, int height, int bands, int texture);

#ifdef __cplusplus
}
#endif

#endif
