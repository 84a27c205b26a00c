from .scale import ScaleRecipe
from .substitute import SubstituteIngredient
