#pragma once
// A collection (an SQLite database of traces): its table and the merged profile of the traces
// selected, which is what Save and the profile actions act on.
#include "app/tabs/documenttab.h"

class CollectionPage;

class CollectionTab : public DocumentTab
{
public:
    explicit CollectionTab(CollectionPage* page);

    // The merged profile of the traces selected; null before the first load.
    ProfilePage* profilePage() const override;
    // The database at `path`. Not a profile file (no filePath()): it is not opened again at
    // the next start.
    bool shows(const QString& path, int profileIndex) const override;
    QWidget* widget() const override;
    QString title() const override; // "traces.db (collection)"
    QString toolTip() const override;

private:
    CollectionPage* m_page;
};
