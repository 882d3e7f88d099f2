#pragma once
// A comparison tab: the base and new profiles named in its header, the comparison tree
// (ComparisonModel) and the differential flame graph below it. Holds no analysis state:
// everything it shows comes from one ComparisonData.
#include "views/comparisondata.h"

#include <QWidget>

class ComparisonModel;
class DiffFlameGraphView;
class QCheckBox;
class QComboBox;
class QLabel;
class QTreeView;

class ComparisonPage : public QWidget
{
    Q_OBJECT
public:
    explicit ComparisonPage(ComparisonDataPtr data, QWidget* parent = nullptr);

    QString title() const;
    const ComparisonDataPtr& data() const { return m_data; }
    ComparisonModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }
    DiffFlameGraphView* flameGraph() const { return m_flame; }
    QCheckBox* relativeToggle() const { return m_relative; }
    // The differential flame graph's measure: chooser and the caption naming it.
    QComboBox* measureChooser() const { return m_measure; }
    QLabel* flameCaption() const { return m_caption; }

private:
    ComparisonDataPtr m_data;
    QLabel* m_header;
    QCheckBox* m_relative;
    ComparisonModel* m_model;
    QTreeView* m_tree;
    DiffFlameGraphView* m_flame;
    QComboBox* m_measure;
    QLabel* m_caption;
};
