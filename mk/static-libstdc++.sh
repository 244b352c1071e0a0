#!/bin/sh
# mk/static-libstdc++.sh DIR: links GCC's libstdc++.a into DIR, which mk/release-toolset.json puts first on the
# release link's search path, so the Swift runtime's `-lstdc++` takes the archive (the few functions it calls) and not
# libstdc++.so, of which the loader keeps about 1.4 MiB resident. Without the archive the link stays dynamic.
set -eu
dir=$1
compiler=${CC:-clang}
archive=$("$compiler" -print-file-name=libstdc++.a 2>/dev/null) || archive=
if [ ! -f "$archive" ]; then
    echo "mk/static-libstdc++.sh: $compiler found no libstdc++.a (libstdc++-12-dev); deeplinkd links libstdc++.so instead" >&2
    rm -f "$dir/libstdc++.a"
    exit 0
fi
mkdir -p "$dir"
ln -sf "$archive" "$dir/libstdc++.a"
