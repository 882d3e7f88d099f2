#include "profiletab.h"

#include "app/documentnames.h"

#include "views/plaintext.h"
#include "views/profilepage.h"

#include <QDir>
#include <QFileInfo>

ProfileTab::ProfileTab(ProfilePage* page) : m_page(page)
{
}

QWidget* ProfileTab::widget() const
{
    return m_page;
}

QString ProfileTab::title() const
{
    return m_page->title();
}

QString ProfileTab::toolTip() const
{
    const QString& path = m_page->data()->path;
    return PlainText::toolTip(path.isEmpty() ? title() : QDir::toNativeSeparators(path));
}

QString ProfileTab::filePath() const
{
    return m_page->data()->path;
}

int ProfileTab::profileIndex() const
{
    return m_page->data()->profileIndex;
}

bool ProfileTab::sameFile(const QString& a, const QString& b)
{
    const auto identity = [](const QString& file) {
        const QFileInfo info(file);
        const QString canonical = info.canonicalFilePath();
        return canonical.isEmpty() ? info.absoluteFilePath() : canonical;
    };
    if (a.startsWith(QLatin1String(":/")) || b.startsWith(QLatin1String(":/")))
        return a == b;
    return identity(a) == identity(b);
}

bool ProfileTab::shows(const QString& path, int index) const
{
    const QString& own = filePath();
    return !own.isEmpty() && sameFile(own, path) && (index < 0 || profileIndex() == index);
}

// A live profile (a session of a machine) is named after the machine and the time; a file
// after itself, and which of its profiles.
QString ProfileTab::suggestedFileName(const QString& label, const QDateTime& now) const
{
    const QString& path = filePath();
    if (path.isEmpty())
        return DocumentNames::stamped(label, now);
    if (path.startsWith(QLatin1String(":/")))
        return DocumentTab::suggestedFileName(label, now);
    QString name = QFileInfo(path).completeBaseName();
    if (profileIndex() >= 0)
        name += QStringLiteral("-profile-%1").arg(profileIndex() + 1);
    return DocumentNames::fileNamePart(name);
}
