// zlib from the system (Debian: zlib1g-dev). Used for gzip, zip entries and permessage-deflate.
#include <zlib.h>
