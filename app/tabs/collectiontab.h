#pragma once
// A collection (an SQLite database of traces): its table and the merged profile of the traces
// selected, which is what Save and the profile actions act on.
#include "app/tabs/documenttab.h"

class CollectionPage;

class CollectionTab : public DocumentTab
{
public:
    explicit CollectionTab(CollectionPage* page);

    QWidget* widget() const override;
    QString title() const override; // "traces.db (collection)"
    QString toolTip() const override;
    // Not a profile file: the collection is not opened again at the next start.
    bool shows(const QString& path, int profileIndex) const override;
    ProfilePage* profilePage() const override;

private:
    CollectionPage* m_page;
};
