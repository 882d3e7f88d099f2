#pragma once
// A tab with a title of its own and no profile to save: a comparison, the debugger's Sources.
#include "app/tabs/documenttab.h"

#include <QWidget>

class PlainTab : public DocumentTab
{
public:
    // `removed` runs when the tab leaves the window.
    PlainTab(QWidget* page, const QString& title, std::function<void()> removed = {});

    QWidget* widget() const override { return m_page; }
    QString title() const override { return m_title; }
    void aboutToRemove() override;

private:
    QWidget* m_page;
    QString m_title;
    std::function<void()> m_removed;
};
