#!/usr/bin/env bash
# tests/ops/linked_libraries.sh - a program links only the libraries its
# front end needs (server/CMakeLists.txt: clb_app_lib, clb_web_lib,
# clb_server_lib): the libraries it names itself (readelf's NEEDED) are on
# its allow-list, and the ones it must never load are not loaded at all,
# not even through another library (ldd: libmicrohttpd brings GnuTLS).
#
#   tests/ops/linked_libraries.sh PROGRAM "ALLOWED..." "NEVER..."
#
# Libraries are named by their stem: "jansson" is libjansson.so.4. The C
# library and the sanitizers' runtime are allowed everywhere. Fails naming
# each library out of place.
set -uo pipefail
prog=$1
allowed=$2
never=$3
name=$(basename "$prog")
system="c m dl rt pthread gcc_s asan ubsan"
status=0

needed=$(readelf -d "$prog" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p') || {
    echo "linked_libraries: cannot read $prog"
    exit 1
}
for lib in $needed; do
    stem=${lib#lib}
    stem=${stem%%.so*}
    case " $allowed $system " in
    *" $stem "*) ;;
    *)
        echo "linked_libraries: $name links $lib, which is not on its list ($allowed)"
        status=1
        ;;
    esac
done

loaded=$(ldd "$prog" | awk '{print $1}') || {
    echo "linked_libraries: ldd cannot list $prog"
    exit 1
}
for stem in $never; do
    for lib in $loaded; do
        case "$(basename "$lib")" in
        "lib$stem".so*)
            echo "linked_libraries: $name loads $lib, which it must never load"
            status=1
            ;;
        esac
    done
done

if [ "$status" -eq 0 ]; then
    echo "linked_libraries: $name links only {$allowed}, loads none of {$never}"
fi
exit "$status"
