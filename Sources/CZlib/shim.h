// The system zlib (part of Swift's own Linux dependencies and of Apple's SDKs): no package is added.
#include <zlib.h>
