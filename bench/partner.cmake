# bench/partner.cmake - bench_partner: the computer partner's levels in solo
# games (team score, goals won at each difficulty) and the cost of a reply
# (nodes, CPU time; instructions with bench/partner_callgrind.sh). Built
# with the tests, run by hand from a Release build (bench/README.md):
#   build-bench/bench/bench_partner [GAMES [LEXICON]]
add_executable(bench_partner ${CMAKE_CURRENT_LIST_DIR}/bench_partner.c)
target_link_libraries(bench_partner PRIVATE clb_dict clb_core clb_bench_util m)
target_compile_definitions(bench_partner PRIVATE
  CLB_BENCH_LEXICON="${CLB_SOWPODS_CLX}")
add_dependencies(bench_partner clb_lexicon)
