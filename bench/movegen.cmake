# bench/movegen.cmake - bench_movegen: every play of the fixed positions of
# bench/positions.txt, against the brute-force generator (tests/support/
# brute.c) in the same run; the any-play check, the best play; the word
# graph's build and load. Built with the tests, run by hand (a Release build
# gives the meaningful figures; bench/README.md):
#   build/bench/bench_movegen [--brute N] [--runs N] [--only CATEGORY]
#                             [--no-graph] [--each] [LEXICON [POSITIONS]]
# Never registered with CTest: timings are not pass/fail.
add_executable(bench_movegen ${CMAKE_CURRENT_LIST_DIR}/bench_movegen.c
               ${PROJECT_SOURCE_DIR}/tests/support/brute.c)
target_link_libraries(bench_movegen PRIVATE clb_dict clb_bench_util)
target_compile_definitions(bench_movegen PRIVATE
  _POSIX_C_SOURCE=200809L
  CLB_BENCH_LEXICON="${CLB_SOWPODS_CLX}"
  CLB_BENCH_WORDS="${CLB_SOWPODS_TXT}"
  CLB_BENCH_POSITIONS="${CMAKE_CURRENT_LIST_DIR}/positions.txt")
add_dependencies(bench_movegen clb_lexicon)
