# bench_deflate: the server's gzip writer against libdeflate's fastest
# level on the files given (bytes, nanoseconds a byte, ratios), the
# server's brotli against the gzip writer (--brotli), and the
# maker of server/deflate_weights.h (--weights). Run by hand, never by
# CTest: bench/README.md.
add_executable(bench_deflate ${CMAKE_CURRENT_LIST_DIR}/bench_deflate.c)
target_link_libraries(bench_deflate PRIVATE clb_server_lib clb_bench_util
                      PkgConfig::DEFLATE PkgConfig::BROTLIENC
                      PkgConfig::BROTLIDEC)
target_include_directories(bench_deflate PRIVATE ${PROJECT_SOURCE_DIR}/server)
