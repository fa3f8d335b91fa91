# server/css_vars.cmake - shortens the custom property names of the
# minified stylesheets (--tile-edge becomes --c, and so on), in place: the
# source keeps its readable names, and the first visit saves the ~700 bytes
# their 150-odd uses cost (esbuild's minifier keeps them, since a script
# may read them). Nothing reads them from script: static/app.js never
# names a custom property (app.css's header says so).
# Run in script mode by server/CMakeLists.txt after esbuild:
#   cmake "-DFILES=<app.css>|<more.css>" -P css_vars.cmake
# One naming for all the files given, counted over all of them: more.css
# uses the properties app.css defines, so a name must be the same in both.
# The most used names get the shortest: one letter, then two. The same
# input always gives the same output.
# SPDX-License-Identifier: MIT
cmake_minimum_required(VERSION 3.25)

if(NOT FILES)
  message(FATAL_ERROR "css_vars.cmake: FILES is required")
endif()
string(REPLACE "|" ";" FILES "${FILES}")
set(uses "")
foreach(f IN LISTS FILES)
  file(READ "${f}" css)
  string(REGEX MATCHALL "--[a-z][a-z0-9-]*" some "${css}")
  list(APPEND uses ${some})
endforeach()
set(names ${uses})
list(REMOVE_DUPLICATES names)

# Each name with its uses, most used first (ties: the name), as
# "<9999 - count>|<name>" sorted.
set(keyed "")
foreach(n IN LISTS names)
  set(count 0)
  foreach(u IN LISTS uses)
    if(u STREQUAL n)
      math(EXPR count "${count} + 1")
    endif()
  endforeach()
  math(EXPR rank "9999 - ${count}")
  string(LENGTH "${rank}" w)
  while(w LESS 4)
    set(rank "0${rank}")
    string(LENGTH "${rank}" w)
  endwhile()
  list(APPEND keyed "${rank}|${n}")
endforeach()
list(SORT keyed)

# First every name to a placeholder (--_N_, never a name: names have no
# underscore), longest names first so that --tile never eats --tile-edge's
# start; then each placeholder to its short name.
set(letters a b c d e f g h i j k l m n o p q r s t u v w x y z)
set(byLength "")
foreach(k IN LISTS keyed)
  string(REGEX REPLACE "^[0-9]+\\|" "" n "${k}")
  string(LENGTH "${n}" len)
  math(EXPR len "999 - ${len}")
  list(APPEND byLength "${len}|${n}")
endforeach()
list(SORT byLength)
set(i 0)
foreach(k IN LISTS keyed)
  string(REGEX REPLACE "^[0-9]+\\|" "" n "${k}")
  set("slot_${n}" ${i})
  math(EXPR i "${i} + 1")
endforeach()
foreach(f IN LISTS FILES)
  file(READ "${f}" css)
  foreach(k IN LISTS byLength)
    string(REGEX REPLACE "^[0-9]+\\|" "" n "${k}")
    string(REGEX REPLACE "${n}([^a-z0-9-])" "--_${slot_${n}}_\\1" css "${css}")
  endforeach()
  set(i 0)
  foreach(k IN LISTS keyed)
    if(i LESS 26)
      list(GET letters ${i} short)
    else()
      math(EXPR a "${i} / 26 - 1")
      math(EXPR b "${i} % 26")
      list(GET letters ${a} la)
      list(GET letters ${b} lb)
      set(short "${la}${lb}")
    endif()
    string(REPLACE "--_${i}_" "--${short}" css "${css}")
    math(EXPR i "${i} + 1")
  endforeach()
  if(css MATCHES "--_[0-9]+_")
    message(FATAL_ERROR "css_vars.cmake: a custom property was left unnamed in ${f}")
  endif()
  file(WRITE "${f}" "${css}")
endforeach()
