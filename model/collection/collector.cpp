#include "collector.h"

#include "traceinputs.h"

#include "model/profileanalysis.h"
#include "model/profileloader.h"

#include <fstream>
#include <memory>

namespace xsprof::collection {

namespace fs = std::filesystem;

namespace {

std::string fileFingerprint(const fs::path& path)
{
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    const auto modified = fs::last_write_time(path, ec).time_since_epoch().count();
    return std::to_string(size) + ":" + std::to_string(modified);
}

std::string lineFingerprint(std::string_view line)
{
    uint64_t hash = 14695981039346656037ull; // FNV-1a
    for (const char c : line) {
        hash ^= uint8_t(c);
        hash *= 1099511628211ull;
    }
    return std::to_string(line.size()) + ":" + std::to_string(hash);
}

class Collector {
public:
    Collector(CollectionStore& store, const CollectOptions& options) : m_store(store), m_options(options) {}

    void run(const std::vector<std::string>& inputs)
    {
        ExpandedInputs expanded = expandInputs(inputs);
        m_summary.problems = std::move(expanded.problems);
        for (const ProfileFileInput& file : expanded.files)
            addProfileFile(file);
        for (const fs::path& ndjson : expanded.ndjsonFiles)
            addNdjsonFile(ndjson);
        if (m_transaction)
            m_transaction->commit();
    }

    CollectSummary summary() { return std::move(m_summary); }

private:
    // Whether (source, line) must be read: not known yet, or known with another fingerprint
    // (then its traces go).
    bool needsReading(const std::string& source, int64_t line, const std::string& fingerprint)
    {
        const std::optional<InputState> known = m_store.input(source, line);
        if (!known)
            return true;
        if (known->fingerprint == fingerprint)
            return false;
        m_store.removeInput(known->id);
        m_replacing = true;
        return true;
    }

    void beginInput()
    {
        if (m_transaction && m_inBatch >= m_options.batchSize) {
            m_transaction->commit();
            m_transaction.reset();
        }
        if (!m_transaction) {
            m_transaction = std::make_unique<Transaction>(m_store.database());
            m_inBatch = 0;
        }
        ++m_inBatch;
    }

    void record(const std::string& source, int64_t line, const std::string& fingerprint, const std::string& shown,
                LoadResult loaded, const std::vector<Attribute>& attributes)
    {
        std::string problem;
        std::optional<TraceRecord> trace;
        if (loaded.ok()) {
            const ProfileAnalysis analysis = ProfileAnalysis::compute(*loaded.profile);
            trace = summarizeTrace(*loaded.profile, analysis, &problem);
        } else {
            problem = loaded.error ? loaded.error->problem + (loaded.error->where.empty() ? "" : " (at " + loaded.error->where + ")")
                                   : "cancelled";
        }
        if (!trace) {
            m_store.addInput(source, line, fingerprint, problem);
            ++m_summary.failed;
            m_summary.problems.push_back(shown + ": " + problem);
            m_replacing = false;
            return;
        }
        const int64_t input = m_store.addInput(source, line, fingerprint);
        m_store.addTrace(input, shown, *trace, attributes);
        ++m_summary.added;
        m_summary.replaced += m_replacing;
        m_replacing = false;
    }

    void addProfileFile(const ProfileFileInput& file)
    {
        const std::string source = fs::absolute(file.path).lexically_normal().string();
        const std::string fingerprint = fileFingerprint(file.path);
        beginInput();
        if (!needsReading(source, 0, fingerprint)) {
            ++m_summary.unchanged;
            return;
        }
        if (m_options.progress)
            m_options.progress(file.shownName);
        record(source, 0, fingerprint, file.shownName, loadProfileFile(file.path.string(), {}), file.attributes);
    }

    void addNdjsonFile(const fs::path& path)
    {
        const std::string source = fs::absolute(path).lexically_normal().string();
        const std::string fingerprint = fileFingerprint(path);
        beginInput();
        if (!needsReading(source, 0, fingerprint)) {
            ++m_summary.unchanged;
            return;
        }
        m_replacing = false; // the file's own row holds no trace
        if (m_options.progress)
            m_options.progress(path.string());
        std::ifstream in(path, std::ios::binary);
        std::string line;
        int64_t lineNumber = 0;
        while (std::getline(in, line)) {
            ++lineNumber;
            if (line.find_first_not_of(" \t\r") == std::string::npos)
                continue;
            const std::string shown = path.string() + ":" + std::to_string(lineNumber);
            const std::string lineFingerprintText = lineFingerprint(line);
            beginInput();
            if (!needsReading(source, lineNumber, lineFingerprintText)) {
                ++m_summary.unchanged;
                continue;
            }
            std::string problem;
            std::optional<NdjsonTrace> trace = readNdjsonLine(line, &problem);
            LoadResult loaded;
            if (trace)
                loaded = loadProfileData(trace->traceJson, shown, {});
            else
                loaded.error = LoadError{shown, problem, {}};
            record(source, lineNumber, lineFingerprintText, shown, std::move(loaded),
                   trace ? trace->attributes : std::vector<Attribute>{});
        }
        // Lines of an earlier, longer version of the file are gone from it.
        m_store.database().prepare("DELETE FROM inputs WHERE source = ?1 AND line > ?2").bind(1, source).bind(2, lineNumber).run();
        // The whole file last: a run killed before this line resumes with its remaining lines.
        if (const std::optional<InputState> whole = m_store.input(source, 0))
            m_store.removeInput(whole->id);
        m_store.addInput(source, 0, fingerprint);
    }

    CollectionStore& m_store;
    const CollectOptions& m_options;
    CollectSummary m_summary;
    std::unique_ptr<Transaction> m_transaction;
    size_t m_inBatch = 0;
    bool m_replacing = false;
};

} // namespace

CollectSummary collect(CollectionStore& store, const std::vector<std::string>& inputs, const CollectOptions& options)
{
    Collector collector(store, options);
    collector.run(inputs);
    return collector.summary();
}

} // namespace xsprof::collection
