# bench/selfplay.cmake - bench_selfplay: 1,000 greedy cooperative games
# through core_move_apply and the link codec (every position encoded and
# decoded back): mean team score, turns, endings, link lengths. Built with
# the tests, run by hand (bench/README.md):
#   build/bench/bench_selfplay [GAMES [LEXICON]]
add_executable(bench_selfplay ${CMAKE_CURRENT_LIST_DIR}/bench_selfplay.c)
target_link_libraries(bench_selfplay PRIVATE clb_server_lib clb_bench_util)
target_compile_definitions(bench_selfplay PRIVATE
  CLB_BENCH_LEXICON="${CLB_SOWPODS_CLX}")
add_dependencies(bench_selfplay clb_lexicon)
