#include "VipsShim.h"
int dbv_init(void) { return VIPS_INIT("daybook"); }
