#include "xsprofresources.h"

#include <QFile>
#include <QString>

namespace XsprofResources {

bool available()
{
    return QFile::exists(QLatin1String(exampleProfile));
}

} // namespace XsprofResources
