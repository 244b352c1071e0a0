// libqrencode, as StickerCodes sees it. Swift imports qrencode.h as it is (no variadic functions, no macros
// StickerCodes needs), so this header only names it; nothing else belongs in this file.
#ifndef STICKERCODES_SHIM_H
#define STICKERCODES_SHIM_H

#include <qrencode.h>

#endif
