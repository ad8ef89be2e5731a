# Writes a help2man include with a COPYRIGHT section: the lines after the first of a program's
# own --version (cmake/Packaging.cmake), for a page whose version is given with --version-string.
#   cmake -D PROGRAM=path/to/reducelab -D OUTPUT=copyright.h2m -P man_copyright.cmake

execute_process(COMMAND "${PROGRAM}" --version OUTPUT_VARIABLE version RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --version failed: ${status}")
endif()
string(FIND "${version}" "\n" first_line_end)
if(first_line_end EQUAL -1)
  message(FATAL_ERROR "${PROGRAM} --version printed no licence after its first line")
endif()
math(EXPR rest_start "${first_line_end} + 1")
string(SUBSTRING "${version}" ${rest_start} -1 notice)
string(STRIP "${notice}" notice)
string(REPLACE "\\" "\\e" notice "${notice}")
string(REPLACE "-" "\\-" notice "${notice}")
string(REPLACE "\n" "\n.br\n" notice "${notice}")
file(WRITE "${OUTPUT}" "[COPYRIGHT]\n${notice}\n")
