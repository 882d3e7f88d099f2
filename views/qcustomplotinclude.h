#pragma once
// Include QCustomPlot through this header only. Its header still uses Qt's `foreach`,
// which QT_NO_FOREACH (defined for the whole project) removes; lend it a range-for for
// the length of the include, so our own code stays foreach-free.
#include <utility>

#ifndef foreach
#define foreach(variable, container) for (variable : std::as_const(container))
#define XSPROF_LENT_FOREACH
#endif
#include <qcustomplot.h>
#ifdef XSPROF_LENT_FOREACH
#undef foreach
#undef XSPROF_LENT_FOREACH
#endif
