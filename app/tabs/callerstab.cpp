#include "callerstab.h"

#include "views/callerscalleespage.h"

#include <QObject>

CallersTab::CallersTab(CallersCalleesPage* page, ProfileDataPtr data, const QString& source)
    : m_page(page), m_data(std::move(data)), m_source(source)
{
}

QWidget* CallersTab::widget() const
{
    return m_page;
}

QString CallersTab::title() const
{
    const xsprof::FrameId f = m_page->selectedFunction();
    if (!f.isValid())
        return QObject::tr("Callers and callees — %1").arg(m_source);
    const QString name = m_data->frameName(f);
    return QObject::tr("Callers of %1 — %2").arg(name.isEmpty() ? QObject::tr("(anonymous)") : name, m_source);
}
