// The system libpng (libpng-dev on Debian and Ubuntu, `brew install libpng` on macOS): its simplified read API
// (png_image_begin_read_from_memory, png_image_finish_read) decodes without setjmp. No package is added.
#include <png.h>
