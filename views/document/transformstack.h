#pragma once
// The transforms a document applies to its profile before analysing it (DESIGN.md,
// "Transforms and comparison"): merge, focus, drop, collapse recursion... in order.
//
// A step is a label for the UI and a pure function from one profile to the next; steps made
// from a model transform (stepOf) also keep it, so the breadcrumb can show the list. The
// document runs apply() inside its analysis job, off the GUI thread, and shows the result
// like a loaded profile.
#include "model/profile.h"
#include "model/taskcontrol.h"
#include "model/transforms.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class TransformStack
{
public:
    struct Step {
        QString label; // e.g. "Merge fib"
        std::function<xsprof::Profile(const xsprof::Profile&)> apply;
        std::optional<xsprof::Transform> transform; // the model transform it applies, if one
    };

    // A step applying `transform` (model/transforms); it throws the transform's error.
    static Step stepOf(xsprof::Transform transform);

    bool isEmpty() const { return m_steps.empty(); }
    size_t size() const { return m_steps.size(); }
    const std::vector<Step>& steps() const { return m_steps; }
    void push(Step step) { m_steps.push_back(std::move(step)); }
    void pop() { m_steps.pop_back(); }
    void clear() { m_steps.clear(); }
    void truncate(size_t count) { m_steps.resize(std::min(count, m_steps.size())); }
    // The model transforms of the steps that have one, in order.
    std::vector<xsprof::Transform> transforms() const;

    // The profile after every step, in order; `profile` itself when the stack is empty.
    // Throws what a step throws (the job runner turns it into an error).
    std::shared_ptr<const xsprof::Profile> apply(std::shared_ptr<const xsprof::Profile> profile,
                                                 const xsprof::TaskControl& control) const
    {
        for (const Step& step : m_steps) {
            if (control.isCancelled())
                break;
            profile = std::make_shared<const xsprof::Profile>(step.apply(*profile));
        }
        return profile;
    }

private:
    std::vector<Step> m_steps;
};
