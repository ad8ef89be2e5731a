# Follows DEVELOPERS.md's "Adding a kernel" on copies, for engine_variant_recipe_test:
#   step 1, kernels/recipe_probe.cl started from contiguous.cl under a new kernel name;
#   step 2, one row appended to the table in engine/catalog/catalog.cpp.
# Nothing else of the engine is touched, so the test built from these copies proves that the two
# steps are all a new variant needs (step 3, the translations, is ui_translations_test's).
# In: SOURCE_DIR, OUTPUT_DIR. Out: OUTPUT_DIR/catalog.cpp, OUTPUT_DIR/kernels_embedded.cpp.

# The recipe must still name what this script edits: when the table or the kernels move, the
# recipe and this script change together.
file(READ "${SOURCE_DIR}/DEVELOPERS.md" developers)
string(FIND "${developers}" "## Adding a kernel" begin)
if(begin EQUAL -1)
  message(FATAL_ERROR "DEVELOPERS.md has no section \"Adding a kernel\"")
endif()
string(SUBSTRING "${developers}" ${begin} -1 recipe)
string(FIND "${recipe}" "\n## " end)
string(SUBSTRING "${recipe}" 0 ${end} recipe)
foreach(named "`kernels/<name>.cl`" "`contiguous.cl`" "one row to the table in `engine/catalog/catalog.cpp`")
  string(FIND "${recipe}" "${named}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "DEVELOPERS.md's \"Adding a kernel\" no longer says ${named}: "
                        "update tests/engine/variant_recipe.cmake with it")
  endif()
endforeach()

# Step 1: the new kernel file.
file(READ "${SOURCE_DIR}/kernels/contiguous.cl" contiguous)
string(REPLACE "reduce_contiguous(" "reduce_recipe_probe(" probe "${contiguous}")
if(probe STREQUAL contiguous)
  message(FATAL_ERROR "kernels/contiguous.cl no longer defines reduce_contiguous")
endif()
file(MAKE_DIRECTORY "${OUTPUT_DIR}/kernels")
file(WRITE "${OUTPUT_DIR}/kernels/recipe_probe.cl" "${probe}")

# Step 2: one row at the end of the table, written as the recipe describes it.
file(READ "${SOURCE_DIR}/engine/catalog/catalog.cpp" catalog)
set(table_start "constexpr std::array kVariants{")
string(FIND "${catalog}" "${table_start}" table)
if(table EQUAL -1)
  message(FATAL_ERROR "engine/catalog/catalog.cpp has no \"${table_start}\"")
endif()
string(SUBSTRING "${catalog}" ${table} -1 rest)
string(FIND "${rest}" "\n};" table_end)
if(table_end EQUAL -1)
  message(FATAL_ERROR "the catalog's table has no end \"};\"")
endif()
math(EXPR split "${table} + ${table_end} + 1")
string(SUBSTRING "${catalog}" 0 ${split} head)
string(SUBSTRING "${catalog}" ${split} -1 tail)
set(row [=[
    Variant{
        .name = "recipe-probe",
        .file = "recipe_probe.cl",
        .kernel = "reduce_recipe_probe",
        .summary = RL_TRANSLATABLE("Catalog", "the recipe's probe: contiguous addressing anew"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "A variant added by following DEVELOPERS.md's recipe in a test, and only in that "
            "test: the contiguous kernel copied under a new kernel name, and this row appended to "
            "the table. If the matrix, the rows' checks, step mode or the command line cannot take "
            "it, the recipe says less than a new variant needs, and the test fails."),
        .compared_with = "contiguous",
        .coverage = Coverage::OnePerItem,
    },
]=])
file(WRITE "${OUTPUT_DIR}/catalog.cpp.tmp"
     "// engine/catalog/catalog.cpp with one row appended by tests/engine/variant_recipe.cmake.\n"
     "${head}${row}${tail}")
file(COPY_FILE "${OUTPUT_DIR}/catalog.cpp.tmp" "${OUTPUT_DIR}/catalog.cpp" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT_DIR}/catalog.cpp.tmp")

# The kernels embedded as the build embeds them (kernels/embed.cmake), the new file among them.
file(GLOB INPUTS "${SOURCE_DIR}/kernels/*.cl")
list(APPEND INPUTS "${OUTPUT_DIR}/kernels/recipe_probe.cl")
list(SORT INPUTS)
set(OUTPUT "${OUTPUT_DIR}/kernels_embedded.cpp")
include("${SOURCE_DIR}/kernels/embed.cmake")
