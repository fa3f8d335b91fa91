# bench_zstd: compression on the fly side by side (the server's gzip
# writer, libdeflate level 1, libzstd levels 1 and -1 to -5) on the files
# given: bytes and CPU time (bench_zstd), instructions under callgrind
# (bench/zstd_callgrind.sh). Run by hand, never by CTest: bench/README.md.
# libzstd (libzstd-dev, scripts/deps.sh bench) and valgrind's client-request
# header are needed by this benchmark alone: no program links zstd.
pkg_check_modules(ZSTD QUIET IMPORTED_TARGET libzstd)
find_path(CLB_CALLGRIND_INCLUDE valgrind/callgrind.h)
if(ZSTD_FOUND AND CLB_CALLGRIND_INCLUDE)
  add_executable(bench_zstd ${CMAKE_CURRENT_LIST_DIR}/bench_zstd.c)
  target_link_libraries(bench_zstd PRIVATE clb_server_lib clb_bench_util
                        PkgConfig::DEFLATE PkgConfig::ZSTD)
  target_include_directories(bench_zstd PRIVATE ${PROJECT_SOURCE_DIR}/server
                             ${CLB_CALLGRIND_INCLUDE})
else()
  message(STATUS "libzstd-dev or valgrind not found: bench_zstd is not built "
                 "(scripts/deps.sh bench installs them)")
endif()
