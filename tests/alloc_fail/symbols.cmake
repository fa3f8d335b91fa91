# tests/alloc_fail/symbols.cmake - fails when an object of the server,
# dict or core calls an allocator the out-of-memory sweeps cannot make
# fail: a libc function that allocates on its own (strdup, asprintf,
# getline, fopen, ...), or a libmicrohttpd or libqrencode entry point that
# allocates other than those tests/support/alloc_fail.c wraps. jansson and
# libdeflate allocate through the hook, so any of their calls counts.
# libbrotlienc allocates only from server/encoding.c's arena, whose one
# malloc the hook counts, when its instance is made with that arena's
# functions (BrotliEncoderCreateInstance, in encoding.c alone); its
# one-call BrotliEncoderCompress takes no allocator and is denied.
# Run by CTest (tests/alloc_fail.cmake) as
#   cmake -DNM=<nm> -DWRAPPED=<a;b> -DLIBS=<a.a;b.a> -P symbols.cmake
cmake_minimum_required(VERSION 3.25)
set(denied
    "strdup|strndup|wcsdup|asprintf|vasprintf|aligned_alloc|posix_memalign"
    "|memalign|valloc|pvalloc|reallocarray|getline|getdelim|open_memstream"
    "|fmemopen|fopen|fdopen|freopen|tmpfile|popen|scandir|glob|regcomp"
    "|realpath|canonicalize_file_name|get_current_dir_name|getaddrinfo"
    "|MHD_create_response_from_[a-z_]+|MHD_add_response_footer"
    "|MHD_create_post_processor|QRcode_encode[A-Za-z0-9_]*|QRinput_[a-zA-Z_]+"
    "|BrotliEncoderCompress")
string(JOIN "" denied ${denied})
set(bad "")
foreach(lib ${LIBS})
  execute_process(COMMAND ${NM} -u --format=just-symbols ${lib}
                  OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} failed on ${lib}")
  endif()
  string(REPLACE "\n" ";" syms "${out}")
  foreach(s ${syms})
    if("${s}" MATCHES "^(${denied})$" AND NOT "${s}" IN_LIST WRAPPED)
      list(APPEND bad "${s} (${lib})")
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES bad)
if(bad)
  list(JOIN bad "\n  " text)
  message(FATAL_ERROR "allocations the sweeps cannot fail; wrap them in "
    "tests/support/alloc_fail.c and tests/alloc_fail.cmake, or call "
    "malloc instead:\n  ${text}")
endif()
message(STATUS "alloc_fail_symbols: every allocation of ours goes through "
  "the hook (${WRAPPED})")
