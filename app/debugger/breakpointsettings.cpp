#include "app/debugger/breakpointsettings.h"

#include "app/debugger/breakpointsmodel.h"

#include <QSettings>

namespace {
const QString group = QStringLiteral("debugger/breakpoints");
}

void BreakpointSettings::load(QSettings& settings, BreakpointsModel& model)
{
    settings.beginGroup(group);
    model.setBreakOnStart(settings.value(QStringLiteral("breakOnStart"), false).toBool());
    model.setBreakOnExceptions(settings.value(QStringLiteral("breakOnExceptions"), true).toBool());
    BreakpointList list;
    const int count = settings.beginReadArray(QStringLiteral("list"));
    for (int i = 0; i < count; ++i) {
        settings.setArrayIndex(i);
        list << Breakpoint{settings.value(QStringLiteral("path")).toString(), settings.value(QStringLiteral("line")).toInt(),
                           settings.value(QStringLiteral("enabled"), true).toBool(),
                           settings.value(QStringLiteral("function"), false).toBool(),
                           settings.value(QStringLiteral("hitCount")).toString()};
        list.last().condition = settings.value(QStringLiteral("condition")).toString();
        list.last().logMessage = settings.value(QStringLiteral("logMessage")).toString();
    }
    settings.endArray();
    settings.endGroup();
    model.setBreakpoints(list);
}

void BreakpointSettings::save(QSettings& settings, const BreakpointsModel& model)
{
    settings.beginGroup(group);
    settings.setValue(QStringLiteral("breakOnStart"), model.breakOnStart());
    settings.setValue(QStringLiteral("breakOnExceptions"), model.breakOnExceptions());
    settings.remove(QStringLiteral("list"));
    settings.beginWriteArray(QStringLiteral("list"), int(model.breakpoints().size()));
    for (int i = 0; i < model.breakpoints().size(); ++i) {
        const Breakpoint& b = model.breakpoints().at(i);
        settings.setArrayIndex(i);
        settings.setValue(QStringLiteral("path"), b.path);
        settings.setValue(QStringLiteral("line"), b.line);
        settings.setValue(QStringLiteral("enabled"), b.enabled);
        settings.setValue(QStringLiteral("function"), b.function);
        settings.setValue(QStringLiteral("hitCount"), b.hitCount);
        settings.setValue(QStringLiteral("condition"), b.condition);
        settings.setValue(QStringLiteral("logMessage"), b.logMessage);
    }
    settings.endArray();
    settings.endGroup();
}
