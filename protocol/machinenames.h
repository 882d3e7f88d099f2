#pragma once
// The names machine tabs show: the name a machine logged in with, numbered when several of that
// name are there at once ("xst", "xst #2", "xst #3"). Where the front end releases the names of
// machines gone (the window: a tab closed, a held machine left), the numbers count the machines
// there now, so a script run again after its tabs were closed is "xst" again; `xsprof dap` and
// `listen` release none. The console of all machines prefixes their lines with it.
// Any thread may ask (the window's intake thread and its serial ports share one).
#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <QString>

#include <mutex>

class MachineNames
{
    Q_DECLARE_TR_FUNCTIONS(MachineNames)
public:
    struct Name {
        QString label; // empty when no other machine of the name is there (its name says enough)
        bool first = false; // no machine of the name came before (an app, not one of its Workers)
    };
    // Names the next machine that logged in as `name`: the lowest number free.
    Name take(const QString& name);
    // The machine labelled `label` by take() is no longer there (its tab closed, or it left
    // without one): its number is free again.
    void release(const QString& name, const QString& label);

private:
    static QString labelOf(const QString& name, int number);

    std::mutex m_mutex;
    QHash<QString, QSet<int>> m_inUse; // numbers of the machines there now, per name
    QSet<QString> m_seen;              // names that came in this run
};
