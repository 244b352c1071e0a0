// zlib, as StickerCodes sees it: the deflate compressor and CRC-32 of its PNG files. Swift imports zlib.h as it is
// (compress2, compressBound and crc32 are plain functions), so this header only names it.
#ifndef STICKERCODES_ZLIB_SHIM_H
#define STICKERCODES_ZLIB_SHIM_H

#include <zlib.h>

#endif
