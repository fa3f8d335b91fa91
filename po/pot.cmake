# po/pot.cmake - extracts the messages of the sources into a .pot file
# (xgettext), the one template every catalogue in po/ follows.
# Run in script mode by po/catalogues.cmake:
#   cmake -DXGETTEXT=<xgettext> -DMSGGREP=<msggrep> -DMSGCAT=<msgcat>
#         -DSRC=<source dir> -DOUT=<file.pot>
#         [-DSCRIPT_ONLY=ON] -P pot.cmake
# The keywords: in C, tr(b, "..."), put_tr(b, "..."), trn(b, "one",
# "many", n), put_count(b, n, "one", "many") and N_("...") where a string
# is stored and translated later; in the script, tr('...') and
# trn('one', 'many', n). Locations name the file, not the line, so that
# an edit elsewhere in a file leaves the template as it was; the date is
# left out for the same reason: the template changes only when a message
# does.
# SCRIPT_ONLY writes the script's messages alone (the ones the page
# carries to the script).
# SPDX-License-Identifier: MIT
cmake_minimum_required(VERSION 3.25)

file(GLOB c_files RELATIVE "${SRC}" "${SRC}/server/*.c" "${SRC}/server/*.h")
file(GLOB js_files RELATIVE "${SRC}" "${SRC}/static/js/*.js")
list(SORT c_files)
list(SORT js_files)
set(common --from-code=UTF-8 --add-location=file --sort-by-file
    --package-name=collabble --msgid-bugs-address=collabble
    --copyright-holder=Collabble)
# xgettext names no charset; the other tools need one (the sources are
# UTF-8).
function(name_charset file)
  file(READ "${file}" text)
  string(REPLACE "charset=CHARSET" "charset=UTF-8" text "${text}")
  file(WRITE "${file}" "${text}")
endfunction()

set(tmp "${OUT}.tmp")
file(REMOVE "${tmp}")
set(join "")
if(NOT SCRIPT_ONLY)
  execute_process(
    COMMAND ${XGETTEXT} ${common} --language=C --keyword --keyword=tr:2
            --keyword=put_tr:2 --keyword=trn:2,3 --keyword=put_count:3,4
            --keyword=N_
            -o "${tmp}" ${c_files}
    WORKING_DIRECTORY "${SRC}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "xgettext failed on the C sources")
  endif()
  # The error table's messages (core/error.h's fifth column), which the
  # pages translate by their English text: core stays without catalogues.
  execute_process(
    COMMAND ${XGETTEXT} ${common} --join-existing --language=C --keyword
            --keyword=X:5 -o "${tmp}" core/error.h
    WORKING_DIRECTORY "${SRC}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "xgettext failed on core/error.h")
  endif()
  name_charset("${tmp}")
  # The goals' sentences (core/goals.c's table, by their English text):
  # every string there that starts as a sentence does, a capitalised word
  # and another (the others are the goals' names and tiles, the API's
  # words, and the details of errors and checks, which stay English).
  execute_process(
    COMMAND ${XGETTEXT} ${common} --language=C --extract-all
            -o "${tmp}.goals" core/goals.c
    WORKING_DIRECTORY "${SRC}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "xgettext failed on core/goals.c")
  endif()
  name_charset("${tmp}.goals")
  execute_process(
    COMMAND ${MSGGREP} --msgid -E -e "^[A-Z][a-z]* [a-zA-Z0-9]" -o "${tmp}.sentences" "${tmp}.goals"
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "msggrep failed on core/goals.c's strings")
  endif()
  execute_process(
    COMMAND ${MSGCAT} --use-first --sort-by-file -o "${tmp}" "${tmp}"
            "${tmp}.sentences"
    RESULT_VARIABLE rc)
  file(REMOVE "${tmp}.goals" "${tmp}.sentences")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "msgcat failed")
  endif()
  set(join --join-existing)
endif()
if(SCRIPT_ONLY)
  # The error table's messages travel with the script's: the preview
  # shows the API's (English) message in the page's words.
  execute_process(
    COMMAND ${XGETTEXT} ${common} --language=C --keyword --keyword=X:5
            -o "${tmp}" core/error.h
    WORKING_DIRECTORY "${SRC}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "xgettext failed on core/error.h")
  endif()
  name_charset("${tmp}")
  set(join --join-existing)
endif()
execute_process(
  COMMAND ${XGETTEXT} ${common} ${join} --language=JavaScript --keyword
          --keyword=tr --keyword=trn:1,2 -o "${tmp}" ${js_files}
  WORKING_DIRECTORY "${SRC}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "xgettext failed on static/js")
endif()
if(NOT EXISTS "${tmp}")
  # No message at all (xgettext writes nothing then): an empty template.
  file(WRITE "${tmp}" "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n")
endif()
file(READ "${tmp}" pot)
string(REGEX REPLACE "\"POT-Creation-Date: [^\"]*\"\n" "" pot "${pot}")
string(REPLACE "charset=CHARSET" "charset=UTF-8" pot "${pot}")
file(REMOVE "${tmp}")
# Written only when it changed, so what depends on it rebuilds only then.
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
  if(old STREQUAL pot)
    return()
  endif()
endif()
file(WRITE "${OUT}" "${pot}")
