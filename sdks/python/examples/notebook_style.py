"""A notebook's cells, one after another: a typed answer, then the steps of a run as they happen.

Paste the cells into Jupyter, or run the file: `python notebook_style.py` (ERRAND_API_KEY and
ERRAND_URL from the environment). The model needs pydantic (v1 or v2); without it the answer is a dict.
"""

# %% A run whose answer is JSON, validated into a model
from errand import Errand

errand = Errand()

try:
    from pydantic import BaseModel

    class Product(BaseModel):
        name: str
        price: float

    product = errand.run("Read the laptop's name and price from the shop's front page", schema=Product)
    print(product.status, product.data)
except ImportError:
    schema = {"type": "object", "properties": {"name": {"type": "string"}, "price": {"type": "number"}}}
    answer = errand.run("Read the laptop's name and price from the shop's front page", schema=schema)
    print(answer.status, answer.data)

# %% Following a run's steps live
created = errand.runs.create({"prompt": "Say you are done"})
for event in errand.runs.stream(created["id"]):
    if event.step is not None:
        print("step", event.step["number"], [action["name"] for action in event.step["action"] or []])
    elif event.run is not None:
        print("run", event.run["status"])

# %% The account's usage this week
usage = errand.account.usage(days=7)
print(usage["totals"])
errand.close()
