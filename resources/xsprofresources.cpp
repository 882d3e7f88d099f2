#include "xsprofresources.h"

#include <QCoreApplication>
#include <QFile>
#include <QString>
#include <QTranslator>

namespace XsprofResources {

bool available()
{
    return QFile::exists(QLatin1String(exampleProfile));
}

bool installPluralForms()
{
    auto* translator = new QTranslator(QCoreApplication::instance());
    if (!translator->load(QLatin1String(pluralForms)) || !QCoreApplication::installTranslator(translator)) {
        delete translator;
        return false;
    }
    return true;
}

} // namespace XsprofResources
