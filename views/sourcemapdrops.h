#pragma once
// Source maps dropped on a profile page: .map files go to its SourceMapSwitch; anything else
// (a profile) is left to the window, which opens it.
#include <QObject>

class SourceMapSwitch;
class QWidget;

class SourceMapDrops : public QObject
{
    Q_OBJECT
public:
    // Makes `target` accept drops; owned by it.
    SourceMapDrops(QWidget* target, SourceMapSwitch* sourceMaps);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    SourceMapSwitch* m_sourceMaps;
};
