// libFuzzer's driver, which -sanitize=fuzzer links in. SwiftPM renames an executable's `main` to `<Module>_main` on
// Linux, which hides libFuzzer's own `main`, so each fuzzer's `main` calls the driver itself.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*testOneInput)(const uint8_t *data, size_t size));
