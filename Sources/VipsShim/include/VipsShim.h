#include <vips/vips.h>
int dbv_init(void);
