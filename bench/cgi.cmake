# bench/cgi.cmake - the programs of bench/cgi_bench.sh (what one CGI request
# costs; bench/README.md): bench_cgi_links (distinct late-game links by
# self-play), bench_cgi_exec (runs CGI programs a process a request and
# reads each one's CPU time and peak memory) and cgi_minimal (the floor: a
# C CGI program that writes a fixed page, embedded at build time from
# CLB_CGI_MINIMAL_PAGE; the script points it at a page collabble rendered).
# Built with the tests, run by hand; never registered with CTest.
add_executable(bench_cgi_links ${CMAKE_CURRENT_LIST_DIR}/cgi_links.c)
target_link_libraries(bench_cgi_links PRIVATE clb_server_lib clb_bench_util)
target_compile_definitions(bench_cgi_links PRIVATE
  CLB_BENCH_LEXICON="${CLB_SOWPODS_CLX}")
add_dependencies(bench_cgi_links clb_lexicon)

add_executable(bench_cgi_exec ${CMAKE_CURRENT_LIST_DIR}/cgi_exec.c)

set(CLB_CGI_MINIMAL_PAGE "${PROJECT_SOURCE_DIR}/tests/data/pages/board-late.html"
    CACHE FILEPATH "The page bench/cgi_minimal.c embeds (bench/cgi_bench.sh sets it)")
add_executable(cgi_minimal ${CMAKE_CURRENT_LIST_DIR}/cgi_minimal.c)
target_compile_definitions(cgi_minimal PRIVATE
  CLB_CGI_MINIMAL_PAGE="${CLB_CGI_MINIMAL_PAGE}")
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/cgi_minimal.c PROPERTIES
  OBJECT_DEPENDS "${CLB_CGI_MINIMAL_PAGE}")

# The same program loading collabble's shared libraries (all of them, and
# all but libmicrohttpd, which brings GnuTLS and its eight libraries): what
# the dynamic loader and the libraries' constructors cost a CGI process
# before main, told apart from the request's own work.
add_executable(cgi_minimal_libs ${CMAKE_CURRENT_LIST_DIR}/cgi_minimal.c)
target_compile_definitions(cgi_minimal_libs PRIVATE
  CLB_CGI_MINIMAL_PAGE="${CLB_CGI_MINIMAL_PAGE}")
target_link_libraries(cgi_minimal_libs PRIVATE -Wl,--no-as-needed
  PkgConfig::JANSSON PkgConfig::MHD PkgConfig::QRENCODE PkgConfig::DEFLATE
  PkgConfig::FCGI)
add_executable(cgi_minimal_nomhd ${CMAKE_CURRENT_LIST_DIR}/cgi_minimal.c)
target_compile_definitions(cgi_minimal_nomhd PRIVATE
  CLB_CGI_MINIMAL_PAGE="${CLB_CGI_MINIMAL_PAGE}")
target_link_libraries(cgi_minimal_nomhd PRIVATE -Wl,--no-as-needed
  PkgConfig::JANSSON PkgConfig::QRENCODE PkgConfig::DEFLATE PkgConfig::FCGI)

# `cmake --build BUILD --target cgi_bench` runs bench/cgi_bench.sh (in
# BUILD/bench-cgi-tree, a tree of its own, as server_bench
# does). A target, not a test: timings are not pass/fail.
add_custom_target(cgi_bench
  COMMAND ${CMAKE_COMMAND} -E env BENCH_BUILD_DIR=${CMAKE_BINARY_DIR}/bench-cgi-tree
          bash ${CMAKE_CURRENT_LIST_DIR}/cgi_bench.sh
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  USES_TERMINAL
  VERBATIM)
