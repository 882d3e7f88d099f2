#pragma once
// A profile in a page of its own: a file (one of its profiles when it holds several), the
// bundled example, or a profile without a file (a machine's finished session, a recovered
// one: LiveProfileTab adds what is unsaved about them).
#include "app/tabs/documenttab.h"

class ProfilePage;

class ProfileTab : public DocumentTab
{
public:
    explicit ProfileTab(ProfilePage* page);

    QWidget* widget() const override;
    QString title() const override;
    QString toolTip() const override;
    QString filePath() const override;
    int profileIndex() const override;
    bool shows(const QString& path, int profileIndex) const override;
    ProfilePage* profilePage() const override { return m_page; }
    QString suggestedFileName(const QString& label, const QDateTime& now) const override;

    // `a` and `b` name the same file: relative, through a symbolic link or absolute (a
    // resource by its exact name).
    static bool sameFile(const QString& a, const QString& b);

private:
    ProfilePage* m_page;
};
