# The suites' own code is compiled for a short build, not for speed. A suite's source is Qt Test
# macros, fixtures and set-up run a few times; at -O2 a quarter of its processor time went to
# optimising that (tst_debuggeesessions: 4.6 s of user time at -O2, 3.4 s at -Og). In optimised
# trees (RelWithDebInfo, Release, MinSizeRel) the targets under tests/ get -Og; the product
# libraries they link, the benchmarks (tests/bench), the stress tools (tests/stress) and the
# fuzzers keep the tree's own level. Debug trees (the sanitizer build) are left as they are.
set(XSPROF_TEST_CODE_OPTIMISATION "-Og" CACHE STRING
    "Optimisation of the suites' own code in optimised trees (empty: the tree's own level)")

# All targets defined in DIR and below.
function(xsprof_targets_below dir out)
    get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    foreach(sub IN LISTS subdirs)
        xsprof_targets_below(${sub} more)
        list(APPEND targets ${more})
    endforeach()
    set(${out} ${targets} PARENT_SCOPE)
endfunction()

# The compiled targets of the suites: under tests/, not a benchmark, stress tool or fuzzer.
function(xsprof_test_code_targets out)
    set(result "")
    if(IS_DIRECTORY ${CMAKE_SOURCE_DIR}/tests)
        get_property(subdirs DIRECTORY ${CMAKE_SOURCE_DIR} PROPERTY SUBDIRECTORIES)
        foreach(sub IN LISTS subdirs)
            if(sub MATCHES "/tests$")
                xsprof_targets_below(${sub} targets)
                foreach(target IN LISTS targets)
                    get_target_property(dir ${target} SOURCE_DIR)
                    get_target_property(type ${target} TYPE)
                    if(type MATCHES "^(STATIC_LIBRARY|EXECUTABLE|OBJECT_LIBRARY)$"
                       AND NOT dir MATCHES "/tests/(bench|stress|fuzz)(/|$)")
                        list(APPEND result ${target})
                    endif()
                endforeach()
            endif()
        endforeach()
    endif()
    set(${out} ${result} PARENT_SCOPE)
endfunction()

# The suites' optimisation option in this tree: XSPROF_TEST_CODE_OPTIMISATION in an optimised
# build type, empty otherwise (a single-configuration tree: the type is known here).
function(xsprof_test_code_option out)
    set(result "")
    if(CMAKE_BUILD_TYPE MATCHES "^(RelWithDebInfo|Release|MinSizeRel)$")
        set(result ${XSPROF_TEST_CODE_OPTIMISATION})
    endif()
    set(${out} "${result}" PARENT_SCOPE)
endfunction()

function(xsprof_compile_test_code_for_build_time)
    xsprof_test_code_option(option)
    if(NOT option)
        return()
    endif()
    xsprof_test_code_targets(targets)
    foreach(target IN LISTS targets)
        target_compile_options(${target} PRIVATE ${option})
    endforeach()
endfunction()
