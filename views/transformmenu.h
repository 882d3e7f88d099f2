#pragma once
// The transform actions of any view that shows functions: a context menu (Focus on function,
// Focus on subtree, Merge function, Drop samples with function, Collapse recursion, Merge
// file, Show callers and callees) and the Firefox Profiler's keys F, M, D, R on the current
// row (or the frame under the mouse). It only sends requests: the owner of the transform
// stack (the profile document) applies them.
#include "model/transforms.h"

#include <QObject>

#include <functional>
#include <vector>

class QAbstractItemView;
class QMenu;
class QModelIndex;
class QPoint;
class QWidget;

class TransformMenu : public QObject
{
    Q_OBJECT
public:
    // What a row or a box shows: a function and, in per-path views, its call path.
    struct Target {
        xsprof::FrameId frame;            // invalid: none
        std::vector<xsprof::FrameId> path; // root first, ending in `frame`; empty: no path
    };
    using FrameOf = std::function<xsprof::FrameId(const QModelIndex&)>;
    using PathOf = std::function<std::vector<xsprof::FrameId>(const QModelIndex&)>;
    using TargetAt = std::function<Target(const QPoint&)>; // in the widget's coordinates
    using CurrentTarget = std::function<Target()>;

    // An item view: `frameOf` says which function a row shows, `pathOf` (optional) its call
    // path. `profile` must outlive this (setProfile() when the view shows another one).
    TransformMenu(QAbstractItemView* view, const xsprof::Profile* profile, FrameOf frameOf, PathOf pathOf = {});
    // Any widget: `targetAt` for the context menu, `current` for the keys.
    TransformMenu(QWidget* widget, const xsprof::Profile* profile, TargetAt targetAt, CurrentTarget current);

    void setProfile(const xsprof::Profile* profile) { m_profile = profile; }
    // The menu for a row or a target, as the context menu shows it (for tests and other views).
    QMenu* menuFor(const QModelIndex& index, QWidget* parent);
    QMenu* menuFor(const Target& target, QWidget* parent);

    // The call path of a row in a tree whose rows are call paths (each row's FrameRole).
    static std::vector<xsprof::FrameId> pathOfTreeRow(const QModelIndex& index, int frameRole);

signals:
    void transformRequested(const xsprof::Transform& transform);
    void callersCalleesRequested(xsprof::FrameId frame);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    Target targetOf(const QModelIndex& index) const;
    void request(xsprof::TransformKind kind, const Target& target);

    QWidget* m_widget;
    QAbstractItemView* m_view = nullptr;
    const xsprof::Profile* m_profile;
    FrameOf m_frameOf;
    PathOf m_pathOf;
    CurrentTarget m_current;
};
