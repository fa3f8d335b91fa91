# bench/goals.cmake - bench_goals: goals-mode self-play, greedy and
# goal-seeking, at each difficulty: games won, goals completed, link
# length against the same moves' plain link. Built with the tests, run by
# hand from a Release build (bench/README.md):
#   build-bench/bench/bench_goals [GAMES [LEXICON]]
add_executable(bench_goals ${CMAKE_CURRENT_LIST_DIR}/bench_goals.c)
target_link_libraries(bench_goals PRIVATE clb_dict clb_core clb_bench_util)
target_compile_definitions(bench_goals PRIVATE
  CLB_BENCH_LEXICON="${CLB_SOWPODS_CLX}")
add_dependencies(bench_goals clb_lexicon)
