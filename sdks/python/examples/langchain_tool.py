"""Errand as a tool an agent can call: a LangChain tool when LangChain is installed, a plain function otherwise.

The same function fits LlamaIndex (`FunctionTool.from_defaults(fn=browse)`) or CrewAI.
`python langchain_tool.py` calls it once.
"""

from __future__ import annotations

from errand import Errand

_errand = Errand()


def browse(task: str) -> str:
    """Does a task on the web in a real browser and answers with what it found (or why it could not)."""
    run = _errand.run(task, timeout=600)
    if run.status != "success":
        return f"The browser task did not succeed ({run.status}): {run.status_reason}"
    return str(run.data)


def langchain_tool() -> object:
    """The LangChain tool, made only when asked for: importing this file never needs LangChain."""
    from langchain_core.tools import StructuredTool  # type: ignore[import]

    return StructuredTool.from_function(browse, name="browse_web", description=browse.__doc__ or "")


if __name__ == "__main__":
    print(browse("Say you are done"))
