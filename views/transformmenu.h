#pragma once
// The transform actions of any view that lists functions: a context menu (Focus on function,
// Merge function, Drop samples with function, Collapse recursion, Merge file, Show callers
// and callees) and the Firefox Profiler's keys F, M, D, R on the current row. It only sends
// requests: the owner of the transform stack (the profile document) applies them.
#include "model/transforms.h"

#include <QObject>

#include <functional>

class QAbstractItemView;
class QMenu;
class QModelIndex;

class TransformMenu : public QObject
{
    Q_OBJECT
public:
    using FrameOf = std::function<xsprof::FrameId(const QModelIndex&)>;

    // `frameOf` says which function a row shows (invalid: none); `profile` must outlive this.
    TransformMenu(QAbstractItemView* view, const xsprof::Profile* profile, FrameOf frameOf);

    void setProfile(const xsprof::Profile* profile) { m_profile = profile; }
    // The menu for a row, as the context menu shows it (for tests and other views).
    QMenu* menuFor(const QModelIndex& index, QWidget* parent);

signals:
    void transformRequested(const xsprof::Transform& transform);
    void callersCalleesRequested(xsprof::FrameId frame);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void request(xsprof::TransformKind kind, xsprof::FrameId frame);

    QAbstractItemView* m_view;
    const xsprof::Profile* m_profile;
    FrameOf m_frameOf;
};
