# bench/review.cmake - bench_review: the review of a late-game link (its
# cells, its JSON, the page with it filled in), the game-over page that
# shows it inline and the review of the longest game a link holds, against
# the board page of the same position, through the server's own handlers in
# one run. Built with the tests, run by hand (a Release build gives the
# meaningful figures; bench/README.md):
#   build/bench/bench_review [LINK [LEXICON.clx]]
# Never registered with CTest: timings are not pass/fail.
add_executable(bench_review ${CMAKE_CURRENT_LIST_DIR}/bench_review.c)
target_link_libraries(bench_review PRIVATE clb_server_lib clb_bench_util)
target_compile_definitions(bench_review PRIVATE
  _POSIX_C_SOURCE=200809L
  CLB_BENCH_LEXICON="${CLB_SOWPODS_CLX}"
  CLB_BENCH_LINK="${PROJECT_SOURCE_DIR}/tests/data/link/late_v2.link")
add_dependencies(bench_review clb_lexicon)
