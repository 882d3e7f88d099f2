#pragma once
// WindowTabs's marks of tabs opened behind the one in front (a machine connecting while the
// user reads another tab): the tab strip scrolls to show it without taking the front, its text
// takes the palette's link colour, and a note says where it is. Once the tab has been in front
// the mark and the note go; a tab closed unseen takes them with it. Only WindowTabs makes one:
// it alone has the tab widget.
#include <QDeadlineTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QTabBar;
class QTabWidget;

class NewTabMarker : public QObject
{
    Q_OBJECT
public:
    explicit NewTabMarker(QTabWidget* tabs, QObject* parent = nullptr);

    // `tab` was just added to the tabs; `note` says where it is until it is seen.
    void opened(QWidget* tab, const QString& note);
    bool isMarked(const QWidget* tab) const;
    // The strip's scroll buttons move it until tab `index` is whole in view; the front stays.
    static void scrollIntoView(QTabBar* bar, int index);

signals:
    void noteShown(const QString& text);
    void noteWithdrawn(const QString& text); // the tab has been seen (or closed)

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void seen(int index);
    void keepNewestInView();

    QPointer<QTabWidget> m_tabs;
    QTabBar* m_bar; // watched for its resizes (compared only: it may be going)
    struct Mark {
        QPointer<QWidget> tab;
        QString note;
    };
    QList<Mark> m_marks;
    // The strip scrolls back to the front tab whenever it is resized (QTabBar's own rule), which
    // the tab widget does after laying the new tab out: for a moment the newest tab is put back
    // in view after each resize.
    QPointer<QWidget> m_keepInView;
    QDeadlineTimer m_keepUntil;
    // One scroll per turn of the event loop, for the newest tab only: each step of the strip lays
    // every tab out again, so a storm of Workers' tabs scrolled one by one took minutes.
    QTimer m_scroll;
};
