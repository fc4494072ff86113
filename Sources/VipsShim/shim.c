// VipsShim: see include/VipsShim.h for the contract of each function.
#include "VipsShim.h"

#include <malloc.h>
#include <string.h>
#include <vips/vips.h>

// MARK: Set-up

int dbv_init(void) {
    static int started = 0;
    static GMutex lock;
    int result = 0;
    g_mutex_lock(&lock);
    if (!started) {
        // Few malloc arenas: glibc's default (8 per core) lets each processing thread keep its
        // own, and the server would hold every arena's high-water mark after a burst of uploads.
        mallopt(M_ARENA_MAX, 2);
        if (VIPS_INIT("daybook") != 0) {
            result = -1;
        } else {
            // Every upload is a different image: caching operations only holds memory.
            vips_cache_set_max(0);
            vips_cache_set_max_mem(0);
            vips_cache_set_max_files(0);
            vips_concurrency_set(1);
            started = 1;
        }
    }
    g_mutex_unlock(&lock);
    return result;
}

void dbv_release_memory(void) { malloc_trim(0); }

void dbv_set_concurrency(int threads) { vips_concurrency_set(threads < 1 ? 1 : threads); }

int dbv_restrict_loaders(void) {
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    vips_operation_block_set("VipsForeignLoadHeif", FALSE);
    // Daybook's own charts (dbv_load_svg); dbv_load_buffer refuses SVG, so no upload gets here.
    vips_operation_block_set("VipsForeignLoadSvgBuffer", FALSE);
    return 0;
}

const char *dbv_version(void) { return vips_version_string(); }

// MARK: Errors

const char *dbv_error(void) { return vips_error_buffer(); }

void dbv_error_clear(void) { vips_error_clear(); }

char *dbv_error_take(void) {
    char *copy = vips_error_buffer_copy();
    return copy ? copy : g_strdup("");
}

// MARK: Memory

void dbv_unref(void *object) {
    if (object) g_object_unref(object);
}

void dbv_free(void *buffer) { g_free(buffer); }

// MARK: Loading

static VipsFailOn fail_level(int fail_on) {
    switch (fail_on) {
    case 0: return VIPS_FAIL_ON_NONE;
    case 1: return VIPS_FAIL_ON_TRUNCATED;
    case 2: return VIPS_FAIL_ON_ERROR;
    default: return VIPS_FAIL_ON_WARNING;
    }
}

DbvImage *dbv_load_buffer(const void *buf, size_t len, int access_sequential, int fail_on) {
    if (!buf || len == 0) {
        vips_error("dbv_load_buffer", "empty buffer");
        return NULL;
    }
    // The SVG loader is open for the server's own charts only, never for what a client sends.
    const char *loader = vips_foreign_find_load_buffer(buf, len);
    if (loader && (strstr(loader, "Svg") || strstr(loader, "svg"))) {
        vips_error("dbv_load_buffer", "SVG is not accepted here");
        return NULL;
    }
    return vips_image_new_from_buffer(
        buf, len, "", "access", access_sequential ? VIPS_ACCESS_SEQUENTIAL : VIPS_ACCESS_RANDOM, "fail_on",
        fail_level(fail_on), NULL);
}

DbvImage *dbv_load_svg(const void *buf, size_t len, double scale) {
    if (!buf || len == 0) {
        vips_error("dbv_load_svg", "empty buffer");
        return NULL;
    }
    VipsImage *out = NULL;
    if (vips_svgload_buffer((void *)buf, len, &out, "scale", scale, "unlimited", FALSE, NULL) != 0) return NULL;
    return out;
}

int dbv_width(const DbvImage *image) { return vips_image_get_width(image); }

int dbv_height(const DbvImage *image) { return vips_image_get_height(image); }

int dbv_bands(const DbvImage *image) { return vips_image_get_bands(image); }

int dbv_orientation(DbvImage *image) { return vips_image_get_orientation(image); }

int dbv_n_pages(DbvImage *image) { return vips_image_get_n_pages(image); }

int dbv_has_icc_profile(DbvImage *image) {
    return vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0 ? 1 : 0;
}

int dbv_is_cmyk(const DbvImage *image) {
    return vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK ? 1 : 0;
}

// MARK: Processing

int dbv_autorot(DbvImage *in, DbvImage **out) { return vips_autorot(in, out, NULL); }

int dbv_thumbnail_image(DbvImage *in, DbvImage **out, int width, int height, int crop_centre) {
    return vips_thumbnail_image(
        in, out, width, "height", height, "size", VIPS_SIZE_DOWN, "crop",
        crop_centre ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, NULL);
}

static const char *fail_option(int fail_on) {
    switch (fail_on) {
    case 0: return "fail_on=none";
    case 1: return "fail_on=truncated";
    case 2: return "fail_on=error";
    default: return "fail_on=warning";
    }
}

int dbv_thumbnail_buffer(
    const void *buf, size_t len, DbvImage **out, int width, int height, int crop_centre, int fail_on, int to_srgb) {
    VipsInteresting crop = crop_centre ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE;
    // libvips 8.14's thumbnail does not hand its own `fail_on` to a buffer's loader (a truncated
    // file then decodes "successfully" into grey): pass it in the loader's option string too.
    const char *options = fail_option(fail_on);
    if (to_srgb) {
        return vips_thumbnail_buffer(
            (void *)buf, len, out, width, "height", height, "size", VIPS_SIZE_DOWN, "crop", crop, "option_string",
            options, "fail_on", fail_level(fail_on), "export_profile", "srgb", NULL);
    }
    return vips_thumbnail_buffer(
        (void *)buf, len, out, width, "height", height, "size", VIPS_SIZE_DOWN, "crop", crop, "option_string", options,
        "fail_on", fail_level(fail_on), NULL);
}

int dbv_crop(DbvImage *in, DbvImage **out, int left, int top, int width, int height) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

int dbv_to_srgb8(DbvImage *in, DbvImage **out) {
    VipsImage *colour = NULL;
    VipsInterpretation interpretation = vips_image_get_interpretation(in);
    if (interpretation == VIPS_INTERPRETATION_sRGB && vips_image_get_format(in) == VIPS_FORMAT_UCHAR) {
        g_object_ref(in);
        colour = in;
    } else if (vips_colourspace(in, &colour, VIPS_INTERPRETATION_sRGB, NULL) != 0) {
        return -1;
    }
    if (vips_image_get_format(colour) == VIPS_FORMAT_UCHAR) {
        *out = colour;
        return 0;
    }
    int result = vips_cast_uchar(colour, out, NULL);
    g_object_unref(colour);
    return result;
}

int dbv_copy_memory(DbvImage *in, DbvImage **out) {
    VipsImage *copy = vips_image_copy_memory(in);
    if (!copy) return -1;
    *out = copy;
    return 0;
}

int dbv_pixels(DbvImage *in, void **buf, size_t *len) {
    void *pixels = vips_image_write_to_memory(in, len);
    if (!pixels) return -1;
    *buf = pixels;
    return 0;
}

// MARK: Saving

int dbv_save_webp_buffer(DbvImage *in, void **buf, size_t *len, int quality, int strip) {
    return vips_webpsave_buffer(in, buf, len, "Q", quality, "strip", strip ? TRUE : FALSE, "effort", 2, NULL);
}

int dbv_save_jpeg_buffer(DbvImage *in, void **buf, size_t *len, int quality, int strip) {
    // JPEG has no alpha: flatten onto white first.
    if (vips_image_hasalpha(in)) {
        VipsImage *flat = NULL;
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        int failed = vips_flatten(in, &flat, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        if (failed) return -1;
        int result = vips_jpegsave_buffer(
            flat, buf, len, "Q", quality, "strip", strip ? TRUE : FALSE, "optimize_coding", TRUE, NULL);
        g_object_unref(flat);
        return result;
    }
    return vips_jpegsave_buffer(
        in, buf, len, "Q", quality, "strip", strip ? TRUE : FALSE, "optimize_coding", TRUE, NULL);
}

int dbv_save_png_buffer(DbvImage *in, void **buf, size_t *len, int compression, int strip) {
    return vips_pngsave_buffer(in, buf, len, "compression", compression, "strip", strip ? TRUE : FALSE, NULL);
}

int dbv_save_heif_buffer(DbvImage *in, void **buf, size_t *len, int quality, int av1, int effort, int strip) {
    return vips_heifsave_buffer(
        in, buf, len, "Q", quality, "compression",
        av1 ? VIPS_FOREIGN_HEIF_COMPRESSION_AV1 : VIPS_FOREIGN_HEIF_COMPRESSION_HEVC, "effort", effort, "strip",
        strip ? TRUE : FALSE, NULL);
}

int dbv_can_save_webp(void) { return vips_type_find("VipsOperation", "webpsave_buffer") != 0 ? 1 : 0; }

int dbv_can_save_heic(void) { return vips_type_find("VipsOperation", "heifsave_buffer") != 0 ? 1 : 0; }

// MARK: Metadata

int dbv_has_field(DbvImage *image, const char *name) { return vips_image_get_typeof(image, name) != 0 ? 1 : 0; }

char *dbv_field_names(DbvImage *image) {
    gchar **fields = vips_image_get_fields(image);
    gchar *joined = g_strjoinv("\n", fields);
    g_strfreev(fields);
    return joined;
}

void dbv_set_int(DbvImage *image, const char *name, int value) { vips_image_set_int(image, name, value); }

void dbv_set_string(DbvImage *image, const char *name, const char *value) {
    vips_image_set_string(image, name, value);
}

void dbv_set_blob(DbvImage *image, const char *name, const void *data, size_t len) {
    vips_image_set_blob_copy(image, name, data, len);
}

char *dbv_get_as_string(DbvImage *image, const char *name) {
    char *text = NULL;
    if (vips_image_get_typeof(image, name) == 0) return NULL;
    if (vips_image_get_as_string(image, name, &text) != 0) return NULL;
    return text;
}

// MARK: Making images

int dbv_make_image(DbvImage **out, int width, int height, int bands, int texture) {
    if (bands != 1 && bands != 3 && bands != 4) {
        vips_error("dbv_make_image", "bands must be 1, 3 or 4");
        return -1;
    }
    VipsImage *base = vips_image_new();
    VipsImage **t = (VipsImage **)vips_object_local_array(VIPS_OBJECT(base), 13);
    VipsImage *result = NULL;
    if (texture == 0) {
        if (vips_black(&t[0], width, height, "bands", bands, NULL) || vips_cast_uchar(t[0], &t[1], NULL)) goto fail;
        result = t[1];
    } else {
        // A diagonal gradient per band plus Gaussian noise: compresses about like a photo.
        if (vips_xyz(&t[0], width, height, NULL) || vips_extract_band(t[0], &t[1], 0, NULL) ||
            vips_extract_band(t[0], &t[2], 1, NULL))
            goto fail;
        if (vips_linear1(t[1], &t[3], 200.0 / width, 20, NULL) || vips_linear1(t[2], &t[4], 200.0 / height, 30, NULL))
            goto fail;
        if (texture == 2) {
            if (vips_gaussnoise(&t[12], width, height, "sigma", 40.0, "mean", 0.0, NULL) ||
                vips_gaussblur(t[12], &t[5], 1.0, NULL))
                goto fail;
        } else if (vips_gaussnoise(&t[5], width, height, "sigma", 18.0, "mean", 0.0, NULL)) {
            goto fail;
        }
        if (vips_add(t[3], t[5], &t[6], NULL) || vips_add(t[4], t[5], &t[7], NULL)) goto fail;
        if (vips_linear1(t[5], &t[8], 1.0, 128, NULL)) goto fail;
        VipsImage *planes[4] = {t[6], t[7], t[8], t[8]};
        if (bands == 1) {
            if (vips_copy(t[6], &t[9], NULL)) goto fail;
        } else if (vips_bandjoin(planes, &t[9], bands, NULL)) {
            goto fail;
        }
        if (vips_cast_uchar(t[9], &t[10], NULL)) goto fail;
        if (vips_copy(t[10], &t[11], "interpretation", bands == 1 ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB,
                NULL))
            goto fail;
        result = t[11];
    }
    // Render it now, so the caller holds pixels rather than a pipeline.
    *out = vips_image_copy_memory(result);
    g_object_unref(base);
    return *out ? 0 : -1;
fail:
    g_object_unref(base);
    return -1;
}
