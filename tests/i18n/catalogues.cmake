# tests/i18n/catalogues.cmake - the page's catalogues are whole: the
# committed template (po/collabble.pot) is what the sources say today, and
# every catalogue (po/<code>.po and its parts po/<code>-*.po, joined as the
# build joins them) translates every message of it, none left fuzzy, and
# passes msgfmt --check (format strings, header, plural rule).
# Run by ctest (tests/i18n.cmake):
#   cmake -DSRC=<source dir> -DTMP=<scratch dir> -P catalogues.cmake
# SPDX-License-Identifier: MIT
cmake_minimum_required(VERSION 3.25)

foreach(tool xgettext msgcat msgcmp msgfmt msggrep)
  string(TOUPPER ${tool} var)
  find_program(${var} ${tool})
  if(NOT ${var})
    message(FATAL_ERROR "${tool} not found (Debian's gettext)")
  endif()
endforeach()
file(MAKE_DIRECTORY "${TMP}")

# The template, from the sources, as the build makes it.
execute_process(
  COMMAND ${CMAKE_COMMAND} -DXGETTEXT=${XGETTEXT} -DMSGGREP=${MSGGREP}
          -DMSGCAT=${MSGCAT} -DSRC=${SRC} -DOUT=${TMP}/collabble.pot
          -P ${SRC}/po/pot.cmake
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the template could not be made")
endif()
file(READ "${TMP}/collabble.pot" made)
file(READ "${SRC}/po/collabble.pot" committed)
if(NOT made STREQUAL committed)
  message(FATAL_ERROR "po/collabble.pot is not what the sources say: "
    "`cmake --build build --target collabble-pot` writes it again, then "
    "msgmerge --update po/<code>.po po/collabble.pot for each catalogue "
    "(docs/UI.md, \"The page's language\")")
endif()

file(GLOB pos "${SRC}/po/*.po")
set(codes "")
foreach(po ${pos})
  get_filename_component(name "${po}" NAME_WE)
  string(REGEX MATCH "^[a-z][a-z]" code "${name}")
  list(APPEND codes ${code})
endforeach()
list(REMOVE_DUPLICATES codes)
list(LENGTH codes n)
if(n LESS 3)
  message(FATAL_ERROR "fewer catalogues than French, German and Spanish: ${codes}")
endif()
set(failed "")
foreach(code ${codes})
  file(GLOB parts "${SRC}/po/${code}-*.po")
  list(SORT parts)
  set(joined "${TMP}/${code}.po")
  execute_process(COMMAND ${MSGCAT} --use-first -o ${joined} ${SRC}/po/${code}.po ${parts}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    list(APPEND failed "${code}: msgcat")
    continue()
  endif()
  # Every message of the template, translated (msgcmp counts an empty or
  # fuzzy translation as missing).
  execute_process(COMMAND ${MSGCMP} ${joined} ${TMP}/collabble.pot
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(STATUS "${err}")
    list(APPEND failed "${code}: messages not translated")
  endif()
  execute_process(COMMAND ${MSGFMT} --check --statistics -o ${TMP}/${code}.mo ${joined}
                  RESULT_VARIABLE rc ERROR_VARIABLE stats)
  message(STATUS "${code}: ${stats}")
  if(NOT rc EQUAL 0 OR stats MATCHES "fuzzy|untranslated")
    list(APPEND failed "${code}: msgfmt --check --statistics")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "catalogues not whole: ${failed}")
endif()
