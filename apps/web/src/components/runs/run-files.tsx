import { useQuery } from "@tanstack/react-query";
import { FileDown, FileUp } from "lucide-react";
import { formatFileSize, type ErrandFile } from "@errand/contract";
import { fileContentPath, runFilesQueryOptions } from "../../api/files";
import { LoadError } from "../ui/load-error";
import { DownloadButton, RunPanel } from "./run-panel";

/** "Downloaded in step 3 · 3.2 KB" or "Given to the run · 12 KB". */
export function fileOrigin(file: Pick<ErrandFile, "origin" | "step_number" | "size">): string {
  const where =
    file.origin === "upload" ? "Given to the run" : file.step_number !== null ? `Downloaded in step ${file.step_number}` : "Downloaded";
  return `${where} · ${formatFileSize(file.size)}`;
}

/**
 * The run's files: the uploads it was given and what sites downloaded while it worked, each
 * with a download link. Nothing at all for a run without files (most runs).
 */
export function RunFiles({ runId, steps }: { runId: string; steps: number }) {
  const files = useQuery(runFilesQueryOptions(runId, steps));
  if (files.isError && !files.data) {
    return <LoadError message="The run's files could not be loaded." query={files} />;
  }
  const list = files.data ?? [];
  if (!list.length) return null;
  const downloads = list.filter((file) => file.origin === "download").length;
  return (
    <RunPanel
      id="run-files-heading"
      title="Files"
      className="content-start"
      headerClassName="items-baseline gap-x-2"
      aside={
        <p className="text-sm text-muted-foreground">
          {[downloads ? `${downloads} downloaded` : "", list.length > downloads ? `${list.length - downloads} given` : ""]
            .filter(Boolean)
            .join(" · ")}
        </p>
      }
    >
      <ul className="grid gap-2" aria-label="Files of this run">
        {list.map((file) => {
          const Icon = file.origin === "upload" ? FileUp : FileDown;
          return (
            <li key={file.id} className="flex min-w-0 items-center gap-3 rounded-lg border p-3">
              <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate text-sm font-medium" title={file.name}>
                  {file.name}
                </span>
                <span className="text-xs text-muted-foreground">{fileOrigin(file)}</span>
              </div>
              <DownloadButton href={fileContentPath(file)} fileName={file.name} label={`Download ${file.name}`} className="shrink-0" />
            </li>
          );
        })}
      </ul>
    </RunPanel>
  );
}
