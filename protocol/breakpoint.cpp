#include "breakpoint.h"

#include <QRegularExpression>

bool Breakpoint::isValidHitCount(const QString& text)
{
    static const QRegularExpression form(QStringLiteral("^(%|<=?|=|>=?)?[1-9][0-9]{0,8}$"));
    return form.match(text).hasMatch();
}
