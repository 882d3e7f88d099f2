#include "breakpoint.h"

#include <QRegularExpression>

QString Breakpoint::hitCountPattern()
{
    return QStringLiteral("(%|<=?|=|>=?)?[1-9][0-9]{0,8}");
}

bool Breakpoint::isValidHitCount(const QString& text)
{
    static const QRegularExpression form(QRegularExpression::anchoredPattern(hitCountPattern()));
    return form.match(text).hasMatch();
}
