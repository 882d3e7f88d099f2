#pragma once
// Callers and callees of a function of another tab's profile: named after the function
// selected and the tab it came from ("Callers of fib — node_fib.cpuprofile").
#include "app/tabs/documenttab.h"

#include "views/document/profiledata.h"

class CallersCalleesPage;

class CallersTab : public DocumentTab
{
public:
    // `data` is the profile of the tab labelled `source`.
    CallersTab(CallersCalleesPage* page, ProfileDataPtr data, const QString& source);

    QWidget* widget() const override;
    QString title() const override;

private:
    CallersCalleesPage* m_page;
    ProfileDataPtr m_data;
    QString m_source;
};
