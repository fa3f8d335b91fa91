# bench/budget.cmake - bench_budget: the nodes of the search and the CPU
# time the review, the list of plays and the blocked check spend, with and
# without the budgets of core/limits.h (bench/README.md). Run by hand:
#   build/bench/bench_budget [LEXICON.clx] LINK...
# Never registered with CTest: timings are not pass/fail.
add_executable(bench_budget ${CMAKE_CURRENT_LIST_DIR}/bench_budget.c)
target_link_libraries(bench_budget PRIVATE clb_server_lib clb_bench_util)
target_compile_definitions(bench_budget PRIVATE
  _POSIX_C_SOURCE=200809L
  CLB_BENCH_LEXICON="${CLB_SOWPODS_CLX}")
add_dependencies(bench_budget clb_lexicon)
