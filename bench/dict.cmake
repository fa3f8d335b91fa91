# bench_dict: load time, resident memory and lookup speed of the compiled
# lexicon, each against a naive baseline in the same run. Built with the
# tests, run by hand (a Release build gives the meaningful figures):
#   build/bench/bench_dict [LEXICON.clx [WORDS.txt]]
# Never registered with CTest: timings are not pass/fail.
add_executable(bench_dict ${CMAKE_CURRENT_LIST_DIR}/bench_dict.c)
target_link_libraries(bench_dict PRIVATE clb_dict clb_bench_util)
target_compile_definitions(bench_dict PRIVATE
  _POSIX_C_SOURCE=200809L
  CLB_BENCH_LEXICON="${CLB_SOWPODS_CLX}"
  CLB_BENCH_WORDS="${CLB_SOWPODS_TXT}")
add_dependencies(bench_dict clb_lexicon)
