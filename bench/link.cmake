# bench_link: opening a late-game v2 link (decode + replay) against decoding
# the same position's v1 link, in one run, as microseconds per request and a
# ratio. Built with the tests, run by hand (a Release build gives the
# meaningful figures):  build/bench/bench_link [LINK [LEXICON.clx]]
# Never registered with CTest: timings are not pass/fail.
add_executable(bench_link ${CMAKE_CURRENT_LIST_DIR}/bench_link.c)
target_link_libraries(bench_link PRIVATE clb_server_lib clb_bench_util)
target_compile_definitions(bench_link PRIVATE
  CLB_BENCH_LEXICON="${CLB_SOWPODS_CLX}"
  CLB_BENCH_LINK="${PROJECT_SOURCE_DIR}/tests/data/link/late_v2.link")
add_dependencies(bench_link clb_lexicon)
